package dev.glance.sdk;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** Options as the API reads them in a query, RFC 3986 encoding, and the generated types' checks. */
final class Query {
  private Query() {}

  static List<String[]> pairs(Map<String, ?> options) {
    List<String[]> out = new ArrayList<>();
    for (Map.Entry<String, ?> entry : options.entrySet()) {
      Object value = entry.getValue();
      if (value == null) continue;
      if (entry.getKey().equals("variables") && value instanceof Map) {
        @SuppressWarnings("unchecked")
        Map<String, ?> variables = (Map<String, ?>) value;
        out.addAll(pairs(variables));
      } else {
        out.add(new String[] {entry.getKey(), text(value)});
      }
    }
    return out;
  }

  static String text(Object value) {
    if (value instanceof Map || value instanceof Collection || value instanceof Object[]) return Json.stringify(value);
    if (value instanceof Double || value instanceof Float) return Json.stringify(value);
    return String.valueOf(value);
  }

  static String encode(String text) {
    StringBuilder out = new StringBuilder();
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~') {
        out.append((char) c);
      } else {
        out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16))).append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
      }
    }
    return out.toString();
  }

  /** Whether value is of the generated parameter type (a JSON type, "any", or a union "a|b"). */
  static boolean hasType(Object value, String types) {
    for (String type : types.split("\\|")) {
      switch (type) {
        case "any": return true;
        case "string": if (value instanceof CharSequence) return true; break;
        case "integer":
          if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte || value instanceof java.math.BigInteger) return true;
          break;
        case "number": if (value instanceof Number) return true; break;
        case "boolean": if (value instanceof Boolean) return true; break;
        case "array": if (value instanceof Collection || value instanceof Object[]) return true; break;
        case "object": if (value instanceof Map) return true; break;
        default: break;
      }
    }
    return false;
  }
}
