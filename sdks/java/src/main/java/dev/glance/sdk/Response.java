package dev.glance.sdk;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** A successful answer of Glance.call. */
public final class Response {
  public final int status;
  /** Header names in lower case. */
  public final Map<String, List<String>> headers;
  public final byte[] body;

  Response(int status, Map<String, List<String>> headers, byte[] body) {
    this.status = status;
    this.headers = headers;
    this.body = body;
  }

  /** The first value of a header (name in any case), or null. */
  public String header(String name) {
    for (Map.Entry<String, List<String>> entry : headers.entrySet())
      if (entry.getKey().equalsIgnoreCase(name) && !entry.getValue().isEmpty()) return entry.getValue().get(0);
    return null;
  }

  /** The body as JSON (a Map, a List, …), or null for an empty body. */
  public Object json() {
    return body.length == 0 ? null : Json.parse(new String(body, StandardCharsets.UTF_8));
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> object() {
    return (Map<String, Object>) json();
  }

  public RenderedFile file() {
    String type = header("content-type");
    return new RenderedFile(body, type == null ? "application/octet-stream" : type, header("x-cache"), header("x-request-id"), headers);
  }
}
