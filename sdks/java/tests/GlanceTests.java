// The SDK against the real API: tests/integration/sdks/java.test.ts starts the server (real
// Chromium, PostgreSQL, a real signed webhook delivery), compiles this file against the SDK and
// runs it with GLANCE_TEST_CONFIG naming a JSON file of what it set up. JUnit is not in the JDK, so
// each test method runs in turn; the runner prints "ok"/"not ok" per test and fails on any failure.
// Run alone, it fails: there is no server to test against.

import dev.glance.sdk.Glance;
import dev.glance.sdk.GlanceException;
import dev.glance.sdk.Json;
import dev.glance.sdk.Signing;
import dev.glance.sdk.WebhookVerificationException;
import dev.glance.sdk.Webhooks;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

public final class GlanceTests {
  interface Test {
    void run() throws Exception;
  }

  static Map<String, Object> C;

  static void check(boolean condition, String what) {
    if (!condition) throw new AssertionError(what);
  }

  static <T extends Throwable> T thrown(Test call, Class<T> type) throws Exception {
    try {
      call.run();
    } catch (Throwable error) {
      if (type.isInstance(error)) return type.cast(error);
      throw new AssertionError("want " + type.getSimpleName() + ", got " + error, error);
    }
    throw new AssertionError("want " + type.getSimpleName() + ", nothing was thrown");
  }

  static String c(String name) {
    return (String) C.get(name);
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object value) {
    return (Map<String, Object>) value;
  }

  static List<Integer> pngSize(byte[] data) {
    check(data.length > 24 && (data[0] & 0xff) == 0x89 && data[1] == 'P' && data[2] == 'N' && data[3] == 'G', "not a PNG");
    ByteBuffer b = ByteBuffer.wrap(data);
    return List.of(b.getInt(16), b.getInt(20));
  }

  static HttpResponse<String> get(String url) throws Exception {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
  }

  static Glance glance() {
    return new Glance(c("api_key"), c("base_url"));
  }

  static void signedUrlMatchesTheTypeScriptSdkAndIsServed() throws Exception {
    Map<String, Object> signed = map(C.get("typescript_signed"));
    String ours = Signing.signUrl(c("base_url"), "/v1/og", Glance.params("template", signed.get("template"), "variables", signed.get("variables")),
        c("key_id"), c("signing_secret"), (Long) signed.get("expires"));
    check(ours.equals(signed.get("url")), "signed " + ours + ", the TypeScript SDK signed " + signed.get("url"));
    HttpResponse<String> served = get(ours);
    check(served.statusCode() == 200 && served.headers().firstValue("content-type").orElse("").equals("image/png"), "the signed URL: " + served.statusCode());
    String tampered = ours.replace("accent=%23ff0000", "accent=%2300ff00");
    check(!tampered.equals(ours), "tampered");
    HttpResponse<String> refused = get(tampered);
    check(refused.statusCode() == 403 && "invalid_signature".equals(map(Json.parse(refused.body())).get("code")), "the tampered URL: " + refused.body());
    thrown(() -> Signing.signUrl(c("base_url"), "/v1/jobs", Map.of(), "k", "s", null), IllegalArgumentException.class);
  }

  static void webhookVerification() throws Exception {
    Map<String, Object> hook = map(C.get("webhook"));
    String secret = (String) hook.get("secret");
    String body = (String) hook.get("body");
    Map<String, Object> headers = map(hook.get("headers"));
    Map<String, Object> event = Webhooks.verify(secret, headers, body);
    check("job.succeeded".equals(event.get("type")) && Objects.equals(map(event.get("data")).get("id"), hook.get("job_id")), "the real delivery");
    String reason = thrown(() -> Webhooks.verify(secret, headers, body.replaceFirst("succeeded", "failed")), WebhookVerificationException.class).getMessage();
    check(reason.equals("invalid webhook signature"), reason);
    Map<String, Object> stale = new HashMap<>(headers);
    stale.put("webhook-timestamp", Long.toString(Instant.now().getEpochSecond() - 3600));
    reason = thrown(() -> Webhooks.verify(secret, stale, body), WebhookVerificationException.class).getMessage();
    check(reason.equals("webhook timestamp out of tolerance"), reason);
    Map<String, Object> unsigned = new HashMap<>(headers);
    unsigned.remove("webhook-signature");
    reason = thrown(() -> Webhooks.verify(secret, unsigned, body), WebhookVerificationException.class).getMessage();
    check(reason.equals("missing webhook headers"), reason);
  }

  static void errorsAreTypedWithTheProblemFields() throws Exception {
    Glance stranger = new Glance("sk_live_" + "x".repeat(32), c("base_url"));
    GlanceException e = thrown(() -> stranger.screenshot(Glance.params("url", c("fixture") + "/basic.html")), GlanceException.class);
    check(e.status == 401 && e.code.equals("invalid_api_key") && e.title.equals("Unauthorized") && e.detail.equals("Invalid or revoked API key."), e.getMessage());
    check((c("base_url") + "/docs/errors#invalid_api_key").equals(e.type) && e.requestId != null && !e.requestId.isEmpty(), "type and request id");
    e = thrown(() -> glance().screenshot(Glance.params("url", c("fixture") + "/basic.html", "width", 99999)), GlanceException.class);
    check(e.status == 400 && e.code.equals("parameter_out_of_range") && "width".equals(e.problem.get("param")), e.getMessage());
    Glance free = new Glance(c("free_api_key"), c("base_url"));
    e = thrown(() -> free.og("default", Map.of("title", "x"), Map.of()), GlanceException.class);
    check(e.status == 403 && e.code.equals("plan_upgrade_required"), e.getMessage());
    // Names and types come from the OpenAPI document: refused before anything is sent.
    String message = thrown(() -> glance().screenshot(Glance.params("url", c("fixture"), "fullpage", true)), IllegalArgumentException.class).getMessage();
    check(message.contains("unknown option \"fullpage\""), message);
    message = thrown(() -> glance().screenshot(Glance.params("url", c("fixture"), "width", "wide")), IllegalArgumentException.class).getMessage();
    check(message.contains("option \"width\" must be integer"), message);
  }

  static void rateLimitedAnswersAreRetriedAfterRetryAfter() throws Exception {
    Glance impatient = new Glance(c("api_key"), c("throttled_base_url"), 0, Duration.ofSeconds(60));
    GlanceException e = thrown(impatient::usage, GlanceException.class);
    check(e.status == 429 && e.code.equals("rate_limited") && Integer.valueOf(1).equals(e.retryAfter), e.getMessage() + " " + e.retryAfter);
    long started = System.nanoTime();
    Map<String, Object> templates = new Glance(c("api_key"), c("throttled_base_url")).ogTemplates();
    check(templates.get("templates") != null, "the templates after the retry");
    check(System.nanoTime() - started >= 1_000_000_000L, "Retry-After was not waited for");
  }

  static void endpoints() throws Exception {
    Glance glance = glance();
    check(pngSize(glance.og("default", Map.of("title", "Hello from Java"), Map.of()).data).equals(List.of(1200, 630)), "og");
    Map<String, Object> content = glance.content(Glance.params("url", c("fixture") + "/content-article.html", "formats", List.of("markdown")));
    check(((String) content.get("markdown")).matches("(?s)(.*\\n)?# .*"), "content");
    Map<String, Object> job = glance.jobs.create("screenshot", Glance.params("url", c("fixture") + "/basic.html?sdk-java-job", "width", 320, "height", 240), Map.of());
    Map<String, Object> done = glance.jobs.waitFor((String) job.get("id"), Duration.ofMillis(200), Duration.ofMinutes(2));
    check("succeeded".equals(done.get("status")), "job " + done);
    check(pngSize(glance.download((String) done.get("resultUrl")).data).equals(List.of(320, 240)), "job result");
    Map<String, Object> batch = glance.jobs.createBatch(List.of(Glance.params("endpoint", "og", "params", Glance.params("template", "default", "title", "Java batch"))), Map.of());
    check(Long.valueOf(1).equals(batch.get("size")) && batch.get("id").equals(glance.jobs.getBatch((String) batch.get("id")).get("id")), "batch");
    Map<String, Object> monitor = glance.monitors.create(Glance.params("url", c("fixture") + "/basic.html?sdk-java-monitor", "interval", 3600, "paused", true));
    String id = (String) monitor.get("id");
    check("Java watch".equals(glance.monitors.update(id, Map.of("name", "Java watch")).get("name")), "monitor update");
    check(glance.monitors.list().stream().anyMatch(m -> id.equals(m.get("id"))), "monitor list");
    glance.monitors.delete(id);
    GlanceException e = thrown(() -> glance.monitors.get(id), GlanceException.class);
    check(e.status == 404 && e.code.equals("monitor_not_found"), e.getMessage());
    check(glance.usage().get("renders") != null, "usage");
    // Any operation of the document by its operationId.
    var head = glance.call("renderOgImageHead", Glance.params("template", "default", "variables", Map.of("title", "Hello from Java")));
    check(head.status == 200 && "HIT".equals(head.header("x-cache")), "HEAD /v1/og");
  }

  /** The connect URL opens a WebSocket (as a CDP client's handshake does); the session is live, listed, then ended. */
  static void sessions() throws Exception {
    var sessions = glance().sessions;
    URI url = URI.create(sessions.connectUrl());
    check(url.getScheme().equals("ws") && url.getPath().equals("/v1/browser"), "connect URL " + url);
    String id = url.getRawQuery().replaceAll("^.*session=([^&]+).*$", "$1");
    try (var socket = new java.net.Socket(url.getHost(), url.getPort())) {
      socket.setSoTimeout(30_000);
      String handshake = "GET " + url.getRawPath() + "?" + url.getRawQuery() + " HTTP/1.1\r\nHost: " + url.getHost() + ":" + url.getPort()
          + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
      socket.getOutputStream().write(handshake.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      String status = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(), java.nio.charset.StandardCharsets.US_ASCII)).readLine();
      check(status != null && status.startsWith("HTTP/1.1 101"), "handshake: " + status);
      check("live".equals(sessions.get(id).get("status")), "live session");
      check(sessions.list().stream().anyMatch(one -> id.equals(one.get("id"))), "session list");
      sessions.delete(id);
      for (int i = 0; i < 100 && !"ended".equals(sessions.get(id).get("status")); i++) Thread.sleep(100);
      Map<String, Object> ended = sessions.get(id);
      check(List.of("ended", "deleted").equals(List.of(ended.get("status"), ended.get("endReason"))), "deleted session: " + ended);
    }
    GlanceException e = thrown(() -> sessions.get("bs_0000000000000000"), GlanceException.class);
    check(e.status == 404 && "session_not_found".equals(e.code), e.toString());
  }

  public static void main(String[] args) throws Exception {
    String path = System.getenv("GLANCE_TEST_CONFIG");
    if (path == null) {
      System.err.println("GLANCE_TEST_CONFIG is not set: run through tests/integration/sdks/java.test.ts");
      System.exit(1);
    }
    C = map(Json.parse(Files.readString(Path.of(path))));
    Map<String, Test> tests = new java.util.LinkedHashMap<>();
    tests.put("signedUrlMatchesTheTypeScriptSdkAndIsServed", GlanceTests::signedUrlMatchesTheTypeScriptSdkAndIsServed);
    tests.put("webhookVerification", GlanceTests::webhookVerification);
    tests.put("errorsAreTypedWithTheProblemFields", GlanceTests::errorsAreTypedWithTheProblemFields);
    tests.put("rateLimitedAnswersAreRetriedAfterRetryAfter", GlanceTests::rateLimitedAnswersAreRetriedAfterRetryAfter);
    tests.put("endpoints", GlanceTests::endpoints);
    tests.put("sessions", GlanceTests::sessions);
    int failed = 0;
    for (Map.Entry<String, Test> test : tests.entrySet()) {
      try {
        test.getValue().run();
        System.out.println("ok - " + test.getKey());
      } catch (Throwable error) {
        failed++;
        System.out.println("not ok - " + test.getKey() + ": " + error);
        error.printStackTrace(System.out);
      }
    }
    System.out.println(failed == 0 ? "all passed" : failed + " failed");
    System.exit(failed == 0 ? 0 : 1);
  }
}
