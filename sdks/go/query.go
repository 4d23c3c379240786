package glance

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// queryPairs: options as the API reads them in a query; OG "variables" become parameters of their
// own, JSON-valued parameters (headers, cookies) given as maps or slices carry JSON.
func queryPairs(options map[string]any) []pair {
	names := make([]string, 0, len(options))
	for name := range options {
		names = append(names, name)
	}
	sort.Strings(names)
	var pairs []pair
	for _, name := range names {
		value := options[name]
		if value == nil {
			continue
		}
		if variables, ok := value.(map[string]any); ok && name == "variables" {
			pairs = append(pairs, queryPairs(variables)...)
			continue
		}
		if variables, ok := value.(map[string]string); ok && name == "variables" {
			for _, p := range queryPairs(stringMap(variables)) {
				pairs = append(pairs, p)
			}
			continue
		}
		pairs = append(pairs, pair{name, text(value)})
	}
	return pairs
}

func stringMap(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func text(value any) string {
	switch v := value.(type) {
	case string:
		return v
	case bool:
		return strconv.FormatBool(v)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case float32:
		return strconv.FormatFloat(float64(v), 'f', -1, 32)
	}
	switch reflect.ValueOf(value).Kind() {
	case reflect.Map, reflect.Slice, reflect.Array, reflect.Struct:
		data, _ := json.Marshal(value)
		return string(data)
	}
	return fmt.Sprint(value)
}

// hasType: whether value is of the generated parameter type (a JSON type, "any", or a union "a|b").
func hasType(value any, types string) bool {
	for _, t := range strings.Split(types, "|") {
		if is(value, t) {
			return true
		}
	}
	return false
}

func is(value any, t string) bool {
	kind := reflect.ValueOf(value).Kind()
	switch t {
	case "any":
		return true
	case "string":
		return kind == reflect.String
	case "boolean":
		return kind == reflect.Bool
	case "integer":
		if f, ok := value.(float64); ok {
			return f == float64(int64(f))
		}
		return kind >= reflect.Int && kind <= reflect.Uint64
	case "number":
		return kind >= reflect.Int && kind <= reflect.Float64
	case "array":
		return kind == reflect.Slice || kind == reflect.Array
	case "object":
		return kind == reflect.Map || kind == reflect.Struct || kind == reflect.Pointer
	}
	return false
}
