// The widgets' words as Python sends them (periodic_edu.i18n.widget_strings(lang)): written to
// $PE_STRINGS_DIR/<lang>.json by tests/js/test_node_units.py before node runs.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function loadStrings(lang) {
  const dir = process.env.PE_STRINGS_DIR;
  if (!dir) throw new Error("PE_STRINGS_DIR is not set: run these tests through pytest (tests/js/test_node_units.py)");
  return JSON.parse(readFileSync(join(dir, `${lang}.json`), "utf8"));
}
