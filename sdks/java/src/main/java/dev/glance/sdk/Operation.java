package dev.glance.sdk;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One operation of the OpenAPI document (Operations.ALL, generated): where it goes and its typed options. */
final class Operation {
  final String method;
  final String path;
  final List<String> pathParams;
  /** Whether the options are a JSON body (true) or query parameters. */
  final boolean body;
  /** What a success answers: file, json or none. */
  final String answer;
  /** Option name → JSON type (string, integer, number, boolean, array, object, any, or "a|b"). */
  final Map<String, String> params;

  Operation(String method, String path, List<String> pathParams, boolean body, String answer, Map<String, String> params) {
    this.method = method;
    this.path = path;
    this.pathParams = pathParams;
    this.body = body;
    this.answer = answer;
    this.params = params;
  }

  static Map<String, String> params(String... namesAndTypes) {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < namesAndTypes.length; i += 2) out.put(namesAndTypes[i], namesAndTypes[i + 1]);
    return out;
  }
}
