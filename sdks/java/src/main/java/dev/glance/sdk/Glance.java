package dev.glance.sdk;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The API client: any operation of the OpenAPI document by its operationId ({@link #call}), a
 * method per operation, the key in X-API-Key, problem+json answers thrown as GlanceException, and
 * 429/503 answers retried after their Retry-After. java.net.http only (Java 11+).
 */
public final class Glance {
  public static final String VERSION = "0.1.0";

  public final String baseUrl;
  public final Jobs jobs = new Jobs(this);
  public final Monitors monitors = new Monitors(this);
  public final Sessions sessions = new Sessions(this);
  private final String apiKey;
  private final int maxRetries;
  private final Duration maxRetryDelay;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();

  public Glance(String apiKey, String baseUrl) {
    this(apiKey, baseUrl, 2, Duration.ofSeconds(60));
  }

  /**
   * @param maxRetries how often a 429 or 503 answer is tried again, after its Retry-After
   * @param maxRetryDelay the longest Retry-After waited for; a longer one is thrown
   */
  public Glance(String apiKey, String baseUrl, int maxRetries, Duration maxRetryDelay) {
    if (apiKey == null || apiKey.isEmpty()) throw new IllegalArgumentException("the API key is required");
    this.apiKey = apiKey;
    this.baseUrl = (baseUrl == null ? "https://glance.example" : baseUrl).replaceAll("/+$", "");
    this.maxRetries = maxRetries;
    this.maxRetryDelay = maxRetryDelay;
  }

  /** Options in order: {@code Glance.params("url", page, "width", 1280)}. */
  public static Map<String, Object> params(Object... namesAndValues) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) out.put((String) namesAndValues[i], namesAndValues[i + 1]);
    return out;
  }

  /**
   * Sends operationId (as the OpenAPI document names it) with params; path parameters ({id}) are
   * taken from params. Unknown names and wrong types are refused before sending.
   */
  public Response call(String operationId, Map<String, ?> params) {
    Operation op = Operations.ALL.get(operationId);
    if (op == null) throw new IllegalArgumentException("unknown operation " + operationId);
    String path = op.path;
    Map<String, Object> options = new LinkedHashMap<>();
    for (Map.Entry<String, ?> entry : params.entrySet()) {
      String name = entry.getKey();
      Object value = entry.getValue();
      if (value == null) continue;
      if (op.pathParams.contains(name)) {
        path = path.replace("{" + name + "}", Query.encode(value.toString()));
        continue;
      }
      String type = op.params.get(name);
      if (type == null) throw new IllegalArgumentException(operationId + ": unknown option \"" + name + "\"");
      if (!Query.hasType(value, type)) {
        throw new IllegalArgumentException(operationId + ": option \"" + name + "\" must be " + type + ", not " + value.getClass().getSimpleName());
      }
      options.put(name, value);
    }
    if (path.contains("{")) throw new IllegalArgumentException(operationId + ": missing " + op.pathParams);
    StringBuilder url = new StringBuilder(baseUrl).append(path);
    String body = null;
    if (op.body) {
      body = Json.stringify(options);
    } else if (!options.isEmpty()) {
      String separator = "?";
      for (String[] pair : Query.pairs(options)) {
        url.append(separator).append(Query.encode(pair[0])).append('=').append(Query.encode(pair[1]));
        separator = "&";
      }
    }
    return send(op.method, URI.create(url.toString()), body);
  }

  public Response call(String operationId) {
    return call(operationId, Map.of());
  }

  private Response send(String method, URI uri, String body) {
    for (int attempt = 0; ; attempt++) {
      HttpRequest.Builder request = HttpRequest.newBuilder(uri)
          .timeout(Duration.ofMinutes(3))
          .header("X-API-Key", apiKey)
          .header("User-Agent", "glance-sdk-java/" + VERSION);
      if (body != null) request.header("Content-Type", "application/json");
      request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
      HttpResponse<byte[]> answer;
      try {
        answer = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
      Response response = new Response(answer.statusCode(), answer.headers().map(), answer.body() == null ? new byte[0] : answer.body());
      if (response.status < 300) return response;
      GlanceException error = errorOf(response);
      // 429 and 503 say "not now" and were not acted on: worth another try after the wait they name.
      long waitSeconds = error.retryAfter != null ? error.retryAfter : 1L << attempt;
      boolean retryable = response.status == 429 || response.status == 503;
      if (!retryable || attempt >= maxRetries || Duration.ofSeconds(waitSeconds).compareTo(maxRetryDelay) > 0) throw error;
      try {
        Thread.sleep(waitSeconds * 1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw error;
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static GlanceException errorOf(Response response) {
    String value = response.header("retry-after");
    Integer retryAfter = null;
    if (value != null && value.trim().matches("\\d{1,9}")) {
      retryAfter = Integer.parseInt(value.trim());
    } else if (value != null) {
      try {
        ZonedDateTime at = ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME);
        retryAfter = (int) Math.max(0, Duration.between(ZonedDateTime.now(at.getZone()), at).toSeconds() + 1);
      } catch (RuntimeException unreadable) {
        retryAfter = null;
      }
    }
    String text = new String(response.body, StandardCharsets.UTF_8);
    String type = response.header("content-type");
    if (type != null && type.contains("json")) {
      try {
        Object problem = Json.parse(text);
        if (problem instanceof Map && ((Map<String, Object>) problem).get("code") instanceof String) {
          return new GlanceException(response.status, (Map<String, Object>) problem, response.header("x-request-id"), retryAfter, null);
        }
      } catch (IllegalArgumentException notJson) {
        // reported as text below
      }
    }
    return new GlanceException(response.status, null, response.header("x-request-id"), retryAfter, text.isEmpty() ? null : text.substring(0, Math.min(500, text.length())));
  }

  private static Map<String, Object> with(Map<String, ?> options, Object... namesAndValues) {
    Map<String, Object> out = new LinkedHashMap<>(options);
    out.putAll(params(namesAndValues));
    return out;
  }

  /** A capture of a page (url) or of HTML (html) as png, jpg, webp or pdf. */
  public RenderedFile screenshot(Map<String, ?> options) {
    return call("captureScreenshotFromBody", options).file();
  }

  /** The same capture, answered as JSON metadata with the stored file's URL. */
  public Map<String, Object> screenshotMetadata(Map<String, ?> options) {
    return call("captureScreenshotFromBody", with(options, "response", "json")).object();
  }

  /** An Open Graph image of template with its variables (Pro plan or higher). */
  public RenderedFile og(String template, Map<String, ?> variables, Map<String, ?> options) {
    return call("renderOgImage", with(options, "template", template, "variables", variables)).file();
  }

  public Map<String, Object> ogMetadata(String template, Map<String, ?> variables, Map<String, ?> options) {
    return call("renderOgImage", with(options, "template", template, "variables", variables, "response", "json")).object();
  }

  /** The built-in templates and their variables. */
  public Map<String, Object> ogTemplates() {
    return call("listOgTemplates").object();
  }

  /** A page as data: Markdown, HTML, text, links, metadata (the formats asked for). */
  public Map<String, Object> content(Map<String, ?> options) {
    return call("getPageContentFromBody", with(options, "response", "json")).object();
  }

  /** A recording of a page: mp4, webm or gif. */
  public RenderedFile animate(Map<String, ?> options) {
    return call("recordAnimationFromBody", options).file();
  }

  public Map<String, Object> animateMetadata(Map<String, ?> options) {
    return call("recordAnimationFromBody", with(options, "response", "json")).object();
  }

  /** A visual comparison of two captures (compareUrl) or of a capture with a reference (compareTo). */
  public Map<String, Object> diff(Map<String, ?> options) {
    return call("diffPagesFromBody", options).object();
  }

  /** The account's usage this month. */
  public Map<String, Object> usage() {
    return call("getUsage").object();
  }

  /** A stored result by its URL (a job's resultUrl, metadata's imageUrl). */
  public RenderedFile download(String url) {
    String path = URI.create(url).getPath();
    if (path == null || !path.startsWith("/v1/files/")) throw new IllegalArgumentException("not a result file URL: " + url);
    return call("getFile", params("file", path.substring("/v1/files/".length()))).file();
  }

  /** Renders that may outlive an HTTP request (async jobs and batches). */
  public static final class Jobs {
    private final Glance glance;

    Jobs(Glance glance) {
      this.glance = glance;
    }

    /** Starts a render of endpoint (screenshot, og, content, animate); answered at once with the queued job. */
    public Map<String, Object> create(String endpoint, Map<String, ?> params, Map<String, ?> options) {
      return glance.call("createJob", with(options, "endpoint", endpoint, "params", params)).object();
    }

    public Map<String, Object> get(String id) {
      return glance.call("getJob", params("id", id)).object();
    }

    /** Polls until the job has succeeded or failed and answers it (a failed job carries error). */
    public Map<String, Object> waitFor(String id, Duration interval, Duration timeout) throws InterruptedException {
      long until = System.nanoTime() + timeout.toNanos();
      while (true) {
        Map<String, Object> job = get(id);
        if ("succeeded".equals(job.get("status")) || "failed".equals(job.get("status"))) return job;
        if (System.nanoTime() > until) throw new IllegalStateException("job " + id + " still " + job.get("status") + " after " + timeout);
        Thread.sleep(interval.toMillis());
      }
    }

    /** Starts up to 100 jobs at once. */
    public Map<String, Object> createBatch(List<? extends Map<String, ?>> jobs, Map<String, ?> options) {
      return glance.call("createJobBatch", with(options, "jobs", jobs)).object();
    }

    public Map<String, Object> getBatch(String id) {
      return glance.call("getJobBatch", params("id", id)).object();
    }
  }

  /** Pages captured on a schedule and compared with their last capture. */
  public static final class Monitors {
    private final Glance glance;

    Monitors(Glance glance) {
      this.glance = glance;
    }

    public Map<String, Object> create(Map<String, ?> options) {
      return glance.call("createMonitor", options).object();
    }

    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> list() {
      return (List<Map<String, Object>>) glance.call("listMonitors").object().getOrDefault("monitors", List.of());
    }

    public Map<String, Object> get(String id) {
      return glance.call("getMonitor", params("id", id)).object();
    }

    public Map<String, Object> update(String id, Map<String, ?> changes) {
      return glance.call("updateMonitor", with(changes, "id", id)).object();
    }

    public void delete(String id) {
      glance.call("deleteMonitor", params("id", id));
    }

    /** Runs a monitor now; answered with the queued run. */
    public Map<String, Object> run(String id) {
      return glance.call("runMonitor", params("id", id)).object();
    }

    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> runs(String id) {
      return (List<Map<String, Object>>) glance.call("listMonitorRuns", params("id", id)).object().getOrDefault("runs", List.of());
    }
  }
}
