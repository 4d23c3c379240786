package dev.glance.sdk;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signed URLs (the server's D15): usable in an &lt;img src&gt; or og:image without the API key. The
 * canonical form is the server's (lib/signing/canonical-query.ts): 1. the query's name/value pairs,
 * without signature (key_id and expires are signed); 2. sorted by name, then value, comparing UTF-8
 * bytes; 3. each name and value percent-encoded outside RFC 3986's unreserved set, upper-case hex;
 * 4. the string to sign is &lt;path&gt;?&lt;name=value&amp;...&gt;; 5. signature = lower-case hex
 * HMAC-SHA256 under the key's signing secret.
 */
public final class Signing {
  private Signing() {}

  public static final List<String> SIGNABLE_PATHS = List.of("/v1/screenshot", "/v1/og", "/v1/content", "/v1/animate");

  /** The canonical query of name/value pairs (steps 1-3). */
  public static String canonicalQuery(List<String[]> pairs) {
    List<String[]> kept = new ArrayList<>();
    for (String[] pair : pairs) if (!pair[0].equals("signature")) kept.add(pair);
    kept.sort((a, b) -> {
      int byName = Arrays.compareUnsigned(a[0].getBytes(StandardCharsets.UTF_8), b[0].getBytes(StandardCharsets.UTF_8));
      return byName != 0 ? byName : Arrays.compareUnsigned(a[1].getBytes(StandardCharsets.UTF_8), b[1].getBytes(StandardCharsets.UTF_8));
    });
    StringBuilder out = new StringBuilder();
    for (String[] pair : kept) {
      if (out.length() > 0) out.append('&');
      out.append(Query.encode(pair[0])).append('=').append(Query.encode(pair[1]));
    }
    return out.toString();
  }

  /**
   * A signed URL: {@code <baseUrl><path>?<canonical query>&signature=<hex>}. params are the endpoint's
   * parameters as the API spells them; for /v1/og the template's variables go in "variables" (a Map)
   * or beside "template". expiresUnixSeconds: when the URL stops working; null for no expiry.
   */
  public static String signUrl(String baseUrl, String path, Map<String, ?> params, String keyId, String signingSecret, Long expiresUnixSeconds) {
    if (!SIGNABLE_PATHS.contains(path)) throw new IllegalArgumentException("signed URLs are for " + String.join(", ", SIGNABLE_PATHS) + ", not " + path);
    List<String[]> pairs = new ArrayList<>();
    for (String[] pair : Query.pairs(params)) if (!List.of("key_id", "expires", "signature").contains(pair[0])) pairs.add(pair);
    pairs.add(new String[] {"key_id", keyId});
    if (expiresUnixSeconds != null) pairs.add(new String[] {"expires", Long.toString(expiresUnixSeconds)});
    String canonical = canonicalQuery(pairs);
    byte[] mac = hmacSha256(signingSecret.getBytes(StandardCharsets.UTF_8), (path + "?" + canonical).getBytes(StandardCharsets.UTF_8));
    StringBuilder hex = new StringBuilder();
    for (byte b : mac) hex.append(String.format("%02x", b & 0xff));
    return baseUrl.replaceAll("/+$", "") + path + "?" + canonical + "&signature=" + hex;
  }

  static byte[] hmacSha256(byte[] key, byte[] message) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key.length == 0 ? new byte[1] : key, "HmacSHA256"));
      return mac.doFinal(message);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
