package dev.glance.sdk;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Verifying a webhook delivery (Standard Webhooks, as the server signs them). The signed content is
 * webhook-id.webhook-timestamp.body; webhook-signature holds one or more space-separated
 * v1,&lt;base64 HMAC-SHA256&gt; (two while a rolled secret's predecessor still signs), keyed with the
 * base64-decoded part of the whsec_ secret.
 */
public final class Webhooks {
  private Webhooks() {}

  /** Deliveries signed longer ago (or further ahead) than this are refused: a replay. */
  public static final long DEFAULT_TOLERANCE_SECONDS = 300;

  public static Map<String, Object> verify(String secret, Map<String, ?> headers, String body) throws WebhookVerificationException {
    return verify(secret, headers, body, DEFAULT_TOLERANCE_SECONDS, Instant.now());
  }

  /**
   * Checks a delivery and answers its parsed event. body must be the raw request body exactly as
   * received; headers: name (any case) to a String or a List of them (HttpExchange, servlet headers).
   */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> verify(String secret, Map<String, ?> headers, String body, long toleranceSeconds, Instant now)
      throws WebhookVerificationException {
    String id = header(headers, "webhook-id");
    String timestamp = header(headers, "webhook-timestamp");
    String signatures = header(headers, "webhook-signature");
    if (id == null || timestamp == null || signatures == null || id.isEmpty() || timestamp.isEmpty() || signatures.isEmpty()) {
      throw new WebhookVerificationException("missing webhook headers");
    }
    if (!timestamp.matches("\\d{1,18}")) throw new WebhookVerificationException("invalid webhook timestamp");
    if (Math.abs(now.getEpochSecond() - Long.parseLong(timestamp)) > toleranceSeconds) {
      throw new WebhookVerificationException("webhook timestamp out of tolerance");
    }
    byte[] key;
    try {
      key = Base64.getDecoder().decode(secret.startsWith("whsec_") ? secret.substring(6) : secret);
    } catch (IllegalArgumentException e) {
      throw new WebhookVerificationException("the secret is not a whsec_ base64 secret");
    }
    byte[] expected = Signing.hmacSha256(key, (id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
    for (String entry : signatures.split(" ")) {
      String[] parts = entry.split(",", 2);
      if (parts.length != 2 || !parts[0].equals("v1")) continue;
      byte[] given;
      try {
        given = Base64.getDecoder().decode(parts[1]);
      } catch (IllegalArgumentException e) {
        continue;
      }
      if (MessageDigest.isEqual(given, expected)) return (Map<String, Object>) Json.parse(body);
    }
    throw new WebhookVerificationException("invalid webhook signature");
  }

  private static String header(Map<String, ?> headers, String name) {
    for (Map.Entry<String, ?> entry : headers.entrySet()) {
      if (entry.getKey() == null || !entry.getKey().toLowerCase(Locale.ROOT).equals(name)) continue;
      Object value = entry.getValue();
      if (value instanceof List) return ((List<?>) value).isEmpty() ? null : String.valueOf(((List<?>) value).get(0));
      return value == null ? null : value.toString();
    }
    return null;
  }
}
