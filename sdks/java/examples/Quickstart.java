// A screenshot with the SDK: GLANCE_API_KEY=sk_live_… GLANCE_BASE_URL=https://glance.example.com
// javac -d out $(find src examples -name '*.java') && java -cp out Quickstart https://example.com
// — writes screenshot.png here.

import dev.glance.sdk.Glance;
import dev.glance.sdk.GlanceException;
import dev.glance.sdk.RenderedFile;
import java.nio.file.Files;
import java.nio.file.Path;

public final class Quickstart {
  public static void main(String[] args) throws Exception {
    String base = System.getenv().getOrDefault("GLANCE_BASE_URL", "https://glance.example");
    Glance glance = new Glance(System.getenv("GLANCE_API_KEY"), base);
    String page = args.length > 0 ? args[0] : "https://example.com";

    RenderedFile shot = glance.screenshot(Glance.params("url", page, "width", 1280, "height", 800, "format", "png"));
    Files.write(Path.of("screenshot.png"), shot.data);
    System.out.println("screenshot.png: " + shot.data.length + " bytes (cache " + shot.cache + ")");

    try {
      glance.screenshot(Glance.params("url", page, "width", 99999));
    } catch (GlanceException error) {
      System.out.println("refused: " + error.status + " " + error.code);
    }
  }
}
