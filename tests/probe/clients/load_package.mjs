// The entry an npm package exports for ES module imports, found on NODE_PATH: ES module imports do not search
// NODE_PATH, and the app scripts here run with it pointing at a client's install.
import { existsSync, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";

export async function loadPackage(name, subpath = ".") {
  for (const dir of (process.env.NODE_PATH || "").split(delimiter).filter(Boolean)) {
    const root = join(dir, name);
    if (!existsSync(join(root, "package.json"))) continue;
    let entry = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).exports?.[subpath];
    while (entry && typeof entry === "object") entry = entry.import ?? entry.default;
    return import(pathToFileURL(join(root, entry)).href);
  }
  throw new Error(`${name} not found on NODE_PATH`);
}
