package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * What a release needs, checked on every build: a license, the metadata Central refuses to do
 * without, a BOM that lists exactly the published artifacts at the reactor's version, and every
 * other module marked so that it is never deployed.
 */
class ReleaseMetadataTest {
    /** The repository's root: this module sits in {@code tests/}. */
    static final Path ROOT = Path.of("").toAbsolutePath().getParent().getParent();

    static Document pom(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(file.toFile());
    }

    /** The text of the first element {@code path} (slash-separated) under the project, or "". */
    static String text(Document pom, String path) {
        Element e = pom.getDocumentElement();
        for (String name : path.split("/")) {
            e = child(e, name);
            if (e == null) {
                return "";
            }
        }
        return e.getTextContent().trim();
    }

    static Element child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    static List<String> modules() throws Exception {
        List<String> out = new ArrayList<>();
        NodeList list = pom(ROOT.resolve("pom.xml")).getElementsByTagName("module");
        for (int i = 0; i < list.getLength(); i++) {
            out.add(list.item(i).getTextContent().trim());
        }
        return out;
    }

    static boolean published(Document pom) {
        return !text(pom, "properties/maven.deploy.skip").equals("true");
    }

    @Test
    void theLicenseIsApache2InTheRepositoryAndInEveryPublishedPom() throws Exception {
        String license = Files.readString(ROOT.resolve("LICENSE"));
        assertTrue(license.contains("Apache License") && license.contains("Version 2.0, January 2004"), "LICENSE");
        for (Path pom : List.of(ROOT.resolve("pom.xml"), ROOT.resolve("bom/pom.xml"))) {
            Document d = pom(pom);
            assertEquals("Apache-2.0", text(d, "licenses/license/name"), pom.toString());
            for (String required :
                    List.of("name", "description", "url", "scm/url", "scm/connection", "developers/developer/name")) {
                assertFalse(text(d, required).isEmpty(), pom + " has " + required);
            }
        }
    }

    @Test
    void everyModuleIsPublishedWithANameAndDescriptionOrMarkedNeverDeployed() throws Exception {
        Document root = pom(ROOT.resolve("pom.xml"));
        assertEquals("false", text(root, "properties/maven.deploy.skip"), "the parent is published");
        for (String module : modules()) {
            Document d = pom(ROOT.resolve(module).resolve("pom.xml"));
            String artifact = text(d, "artifactId");
            assertFalse(text(d, "name").isEmpty(), artifact + " has a name");
            assertFalse(text(d, "description").isEmpty(), artifact + " has a description");
            if (!published(d)) {
                continue;
            }
            assertTrue(
                    module.equals("bom") || text(d, "parent/artifactId").equals("sitemapkit-parent"),
                    artifact + " inherits url, licenses, scm and developers from the parent");
        }
    }

    @Test
    void theBomListsExactlyThePublishedArtifactsAtTheReactorsVersion() throws Exception {
        Document root = pom(ROOT.resolve("pom.xml"));
        Document bom = pom(ROOT.resolve("bom/pom.xml"));
        assertEquals(text(root, "version"), text(bom, "version"), "the BOM's version is the reactor's");
        assertEquals("", text(bom, "parent/artifactId"), "no parent: importing it brings nothing else");
        Set<String> published = new TreeSet<>();
        for (String module : modules()) {
            Document d = pom(ROOT.resolve(module).resolve("pom.xml"));
            if (published(d) && !module.equals("bom")) {
                published.add(text(d, "artifactId"));
            }
        }
        Set<String> listed = new TreeSet<>();
        NodeList deps = bom.getElementsByTagName("dependency");
        for (int i = 0; i < deps.getLength(); i++) {
            Element dep = (Element) deps.item(i);
            assertEquals(
                    "org.sitemapkit", child(dep, "groupId").getTextContent().trim());
            assertEquals(
                    "${project.version}", child(dep, "version").getTextContent().trim());
            listed.add(child(dep, "artifactId").getTextContent().trim());
        }
        assertEquals(published, listed, "the BOM lists every published jar and nothing else");
    }

    @Test
    void theChangelogHasAnUnreleasedSectionAndTheReadmeImportsTheBom() throws Exception {
        assertTrue(Files.readString(ROOT.resolve("CHANGELOG.md")).contains("\n## [Unreleased]\n"));
        String readme = Files.readString(ROOT.resolve("README.md"));
        String version = text(pom(ROOT.resolve("pom.xml")), "version");
        assertTrue(
                readme.contains("<artifactId>sitemapkit-bom</artifactId>\n      <version>" + version + "</version>"),
                "the README's Install section imports the BOM at " + version);
        assertTrue(Files.exists(ROOT.resolve("RELEASING.md")));
    }
}
