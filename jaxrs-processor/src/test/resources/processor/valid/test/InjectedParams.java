package test;

import jakarta.inject.Inject;
import java.util.stream.Stream;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/** Made by the runtime's injection only: no no-arg constructor. */
public class InjectedParams implements PathParamsProvider {
  private final String prefix;

  @Inject
  public InjectedParams(String prefix) {
    this.prefix = prefix;
  }

  @Override
  public Stream<PathParams> params(PathParamsContext context) {
    return Stream.of(PathParams.of("id", 1, "slug", prefix));
  }
}
