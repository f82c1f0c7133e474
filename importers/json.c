/*
 * json.c - what the JSON importers (fio, hyperfine, fsreport's own)
 * share.
 */
#include "importer.h"
#include "importer-internal.h"

#include <jansson.h>

const char *fsr_json_type_name(const struct json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		return "an object";
	case JSON_ARRAY:
		return "an array";
	case JSON_STRING:
		return "a string";
	case JSON_INTEGER:
	case JSON_REAL:
		return "a number";
	case JSON_TRUE:
	case JSON_FALSE:
		return "a boolean";
	default:
		return "null";
	}
}
