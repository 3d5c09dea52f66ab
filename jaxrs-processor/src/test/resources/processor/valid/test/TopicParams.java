package test;

import java.util.stream.Stream;
import org.sitemapkit.jaxrs.PathParams;
import org.sitemapkit.jaxrs.PathParamsContext;
import org.sitemapkit.jaxrs.PathParamsProvider;

public class TopicParams implements PathParamsProvider {
  @Override
  public Stream<PathParams> params(PathParamsContext context) {
    return Stream.of(PathParams.of("topic", "start"));
  }
}
