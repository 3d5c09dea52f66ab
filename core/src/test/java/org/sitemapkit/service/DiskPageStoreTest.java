package org.sitemapkit.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiskPageStoreTest extends PageStoreContract {
  @TempDir
  Path dir;

  @Override
  PageStore store() {
    return new DiskPageStore(dir.resolve("store-" + System.nanoTime()));
  }

  @Override
  boolean shared() {
    return false;
  }

  @Override
  boolean keepsEvicted() {
    return true;
  }

  static Path folder(Path root) throws IOException {
    try (Stream<Path> folders = Files.list(root)) {
      return folders.filter(Files::isDirectory).findFirst().orElseThrow();
    }
  }

  @Test
  void pagesSurviveARestartAndAreReadFromTheirFiles() throws IOException {
    Path root = dir.resolve("restart");
    RenderedSection written = render(new DiskPageStore(root), KEY, "a", 3, 77);
    DiskPageStore restarted = new DiskPageStore(root);
    RenderedSection read = restarted.get(KEY);
    assertEquals(written.version(), read.version());
    for (int i = 0; i < 3; i++) {
      assertArrayEquals(written.pages().get(i).gzip(), read.pages().get(i).gzip());
    }
  }

  @Test
  void aTornWriteIsNeverServed() throws IOException {
    Path root = dir.resolve("torn");
    render(new DiskPageStore(root), KEY, "a", 2, 1);
    Path folder = folder(root);
    Files.writeString(folder.resolve(".tmp-crashed"), "half a page"); // a crash between write and rename
    assertEquals(2, new DiskPageStore(root).get(KEY).pages().size(), "the leftover is never read");

    Path meta = folder.resolve(DiskPageStore.META);
    byte[] whole = Files.readAllBytes(meta);
    Files.write(meta, java.util.Arrays.copyOf(whole, whole.length / 2)); // torn by something else
    assertNull(new DiskPageStore(root).get(KEY), "a torn section is ignored and renders anew");

    Files.write(meta, whole);
    try (Stream<Path> pages = Files.list(folder)) {
      Files.delete(pages.filter(p -> p.toString().endsWith(".gz")).findFirst().orElseThrow());
    }
    assertNull(new DiskPageStore(root).get(KEY), "a section missing a page is ignored, not served in part");
  }

  @Test
  void filesOfRendersTwoGenerationsOldAreDeleted() throws IOException {
    Path root = dir.resolve("tidy");
    DiskPageStore store = new DiskPageStore(root);
    RenderedSection a = render(store, KEY, "a", 2, 1);
    RenderedSection b = render(store, KEY, "b", 2, 2);
    render(store, KEY, "c", 2, 3);
    List<String> names;
    try (Stream<Path> files = Files.list(folder(root))) {
      names = files.map(p -> p.getFileName().toString()).toList();
    }
    assertTrue(names.contains(b.pages().get(0).etag() + ".gz"), "the previous render stays for readers");
    assertTrue(!names.contains(a.pages().get(0).etag() + ".gz"), "the one before is gone: " + names);
  }
}
