package test;

import java.util.stream.Stream;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

public class TopicParams implements PathParamsProvider {
  @Override
  public Stream<PathParams> params(PathParamsContext context) {
    return Stream.of(PathParams.of("topic", "start"));
  }
}
