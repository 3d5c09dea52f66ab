package test;

import java.util.stream.Stream;
import org.sitemapkit.jaxrs.PathParams;
import org.sitemapkit.jaxrs.PathParamsContext;
import org.sitemapkit.jaxrs.PathParamsProvider;

public class ProductParams implements PathParamsProvider {
  @Override
  public Stream<PathParams> params(PathParamsContext context) {
    return Stream.of(PathParams.of("id", 1, "slug", "one"));
  }
}
