// The entry an npm package exports for ES module imports, found on NODE_PATH: ES module imports do not search
// NODE_PATH, and the app scripts here run with it pointing at a client's install.
import { existsSync, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";

export async function loadPackage(name, subpath = ".") {
  for (const dir of (process.env.NODE_PATH || "").split(delimiter).filter(Boolean)) {
    const root = join(dir, name);
    if (!existsSync(join(root, "package.json"))) continue;
    const exported = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).exports ?? {};
    // a subpath the package exports by name, else through its "./*" pattern (the TypeScript SDK's way)
    let entry = exported[subpath] ?? exported["./*"];
    while (entry && typeof entry === "object") entry = entry.import ?? entry.default;
    if (!(subpath in exported)) entry = entry?.replace("*", subpath.slice(2));
    return import(pathToFileURL(join(root, entry)).href);
  }
  throw new Error(`${name} not found on NODE_PATH`);
}
