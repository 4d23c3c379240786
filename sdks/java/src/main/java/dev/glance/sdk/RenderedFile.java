package dev.glance.sdk;

import java.util.List;
import java.util.Map;

/** A rendered file: the bytes and what the answer's headers said about them. */
public final class RenderedFile {
  public final byte[] data;
  public final String contentType;
  /** X-Cache: "HIT" or "MISS". */
  public final String cache;
  public final String requestId;
  public final Map<String, List<String>> headers;

  RenderedFile(byte[] data, String contentType, String cache, String requestId, Map<String, List<String>> headers) {
    this.data = data;
    this.contentType = contentType;
    this.cache = cache;
    this.requestId = requestId;
    this.headers = headers;
  }
}
