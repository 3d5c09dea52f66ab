INSERT INTO help_page (path, title, body, updated) VALUES
    ('/shipping', 'Shipping', 'Every order leaves the workshop within two working days.',
        TIMESTAMP WITH TIME ZONE '2025-02-03 09:00:00+00'),
    ('/shipping/returns', 'Returns', 'Send anything back within 30 days; we pay the postage.',
        TIMESTAMP WITH TIME ZONE '2025-02-10 09:00:00+00'),
    ('/shipping/abroad', 'Shipping abroad', 'We ship to every country that has screws.',
        TIMESTAMP WITH TIME ZONE '2025-03-01 14:30:00+00'),
    ('/payment', 'Payment', 'Pay by card, by bank transfer or on invoice.',
        TIMESTAMP WITH TIME ZONE '2025-01-20 08:15:00+00'),
    ('/payment/invoices', 'Invoices', 'Invoices are due 30 days after delivery.',
        TIMESTAMP WITH TIME ZONE '2025-01-21 11:45:00+00'),
    ('/care/oiling-sprockets', 'Oiling sprockets', 'Oil them in spring, count their teeth in autumn.',
        TIMESTAMP WITH TIME ZONE '2025-04-05 16:00:00+00');
