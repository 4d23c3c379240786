package dev.glance.sdk;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON for the SDK (the JDK has none): objects are {@code Map<String, Object>}, arrays
 * {@code List<Object>}, numbers Long or Double, and true, false and null as Boolean and null.
 */
public final class Json {
  private Json() {}

  public static String stringify(Object value) {
    StringBuilder out = new StringBuilder();
    write(out, value);
    return out.toString();
  }

  private static void write(StringBuilder out, Object value) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof CharSequence || value instanceof Character || value instanceof Enum) {
      quote(out, value.toString());
    } else if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) throw new IllegalArgumentException("not a JSON number: " + d);
      out.append(d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d));
    } else if (value instanceof Number || value instanceof Boolean) {
      out.append(value);
    } else if (value instanceof Map) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
        if (!first) out.append(',');
        first = false;
        quote(out, String.valueOf(entry.getKey()));
        out.append(':');
        write(out, entry.getValue());
      }
      out.append('}');
    } else if (value instanceof Iterable || value instanceof Object[]) {
      Iterable<?> items = value instanceof Object[] ? List.of((Object[]) value) : (Iterable<?>) value;
      out.append('[');
      boolean first = true;
      for (Object item : items) {
        if (!first) out.append(',');
        first = false;
        write(out, item);
      }
      out.append(']');
    } else {
      throw new IllegalArgumentException("cannot write " + value.getClass().getName() + " as JSON");
    }
  }

  private static void quote(StringBuilder out, String text) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        default:
          if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
          else out.append(c);
      }
    }
    out.append('"');
  }

  public static Object parse(String text) {
    Parser parser = new Parser(text);
    try {
      Object value = parser.value();
      parser.space();
      if (parser.at < text.length()) throw parser.error("trailing characters");
      return value;
    } catch (IndexOutOfBoundsException | NumberFormatException truncated) {
      // A unicode escape cut short or not hexadecimal: still "not JSON" to the caller.
      throw parser.error("truncated or bad escape");
    }
  }

  private static final class Parser {
    final String s;
    int at;

    Parser(String s) {
      this.s = s;
    }

    IllegalArgumentException error(String what) {
      return new IllegalArgumentException("invalid JSON: " + what + " at " + at);
    }

    void space() {
      while (at < s.length() && Character.isWhitespace(s.charAt(at))) at++;
    }

    Object value() {
      space();
      if (at >= s.length()) throw error("unexpected end");
      char c = s.charAt(at);
      if (c == '{') return object();
      if (c == '[') return array();
      if (c == '"') return string();
      if (s.startsWith("true", at)) return literal(4, Boolean.TRUE);
      if (s.startsWith("false", at)) return literal(5, Boolean.FALSE);
      if (s.startsWith("null", at)) return literal(4, null);
      return number();
    }

    Object literal(int length, Object value) {
      at += length;
      return value;
    }

    Map<String, Object> object() {
      Map<String, Object> out = new LinkedHashMap<>();
      at++;
      space();
      if (at < s.length() && s.charAt(at) == '}') {
        at++;
        return out;
      }
      while (true) {
        space();
        if (at >= s.length() || s.charAt(at) != '"') throw error("expected a name");
        String name = string();
        space();
        if (at >= s.length() || s.charAt(at++) != ':') throw error("expected ':'");
        out.put(name, value());
        space();
        if (at >= s.length()) throw error("unexpected end");
        char c = s.charAt(at++);
        if (c == '}') return out;
        if (c != ',') throw error("expected ',' or '}'");
      }
    }

    List<Object> array() {
      List<Object> out = new ArrayList<>();
      at++;
      space();
      if (at < s.length() && s.charAt(at) == ']') {
        at++;
        return out;
      }
      while (true) {
        out.add(value());
        space();
        if (at >= s.length()) throw error("unexpected end");
        char c = s.charAt(at++);
        if (c == ']') return out;
        if (c != ',') throw error("expected ',' or ']'");
      }
    }

    String string() {
      StringBuilder out = new StringBuilder();
      at++;
      while (true) {
        if (at >= s.length()) throw error("unterminated string");
        char c = s.charAt(at++);
        if (c == '"') return out.toString();
        if (c != '\\') {
          out.append(c);
          continue;
        }
        char e = s.charAt(at++);
        switch (e) {
          case 'b': out.append('\b'); break;
          case 'f': out.append('\f'); break;
          case 'n': out.append('\n'); break;
          case 'r': out.append('\r'); break;
          case 't': out.append('\t'); break;
          case 'u':
            out.append((char) Integer.parseInt(s.substring(at, at + 4), 16));
            at += 4;
            break;
          default: out.append(e);
        }
      }
    }

    Object number() {
      int start = at;
      while (at < s.length() && "+-0123456789.eE".indexOf(s.charAt(at)) >= 0) at++;
      String text = s.substring(start, at);
      if (text.isEmpty()) throw error("unexpected character");
      try {
        if (text.matches("-?\\d+") && text.length() < 19) return Long.parseLong(text);
        return Double.parseDouble(text);
      } catch (NumberFormatException e) {
        throw error("bad number " + text);
      }
    }
  }
}
