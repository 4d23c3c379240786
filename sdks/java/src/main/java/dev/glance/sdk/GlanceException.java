package dev.glance.sdk;

import java.util.Map;

/**
 * An error answer of the API: its problem+json body (RFC 9457) with the stable code. When something
 * other than the API answered (a proxy's HTML page), code is "http_error".
 */
public final class GlanceException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public final int status;
  public final String code;
  public final String title;
  public final String detail;
  /** The docs' link for this error (/docs/errors#&lt;code&gt;), or null. */
  public final String type;
  /** X-Request-Id of the answer: quote it when asking for help. */
  public final String requestId;
  /** Retry-After of the answer in seconds, or null when it had none. */
  public final Integer retryAfter;
  /** The whole problem+json body (some errors add fields, e.g. param), or null. */
  public final transient Map<String, Object> problem;

  GlanceException(int status, Map<String, Object> problem, String requestId, Integer retryAfter, String fallbackDetail) {
    super(status + " " + text(problem, "code", "http_error") + ": " + text(problem, "detail", fallbackDetail != null ? fallbackDetail : "HTTP " + status));
    this.status = status;
    this.code = text(problem, "code", "http_error");
    this.title = text(problem, "title", "HTTP " + status);
    this.detail = text(problem, "detail", fallbackDetail != null ? fallbackDetail : "HTTP " + status);
    this.type = text(problem, "type", null);
    this.requestId = requestId;
    this.retryAfter = retryAfter;
    this.problem = problem;
  }

  private static String text(Map<String, Object> problem, String name, String otherwise) {
    Object value = problem == null ? null : problem.get(name);
    return value instanceof String ? (String) value : otherwise;
  }
}
