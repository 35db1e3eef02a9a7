/**
 * The import graph of the project's TypeScript, read with the TypeScript compiler's own module
 * resolution (the path aliases of tsconfig.base.json included; `import type` and `import()` count):
 * no file reaches itself through its imports, and the data layer (worker/db) stands below the rest
 * of the Worker: it imports nothing of worker/ outside itself, so neither its helpers (lib/) nor its
 * middleware (docs/decisions/0057-layout-by-runtime.md).
 * A fixture tree in tests/fixtures/layout proves that the checks find what they look for.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const fixtures = path.join(root, "tests/fixtures/layout");
const base = ts.parseJsonConfigFileContent(JSON.parse(readFileSync(path.join(root, "tsconfig.base.json"), "utf8")), ts.sys, root);
const options: ts.CompilerOptions = { ...base.options, allowImportingTsExtensions: true };

type Graph = Map<string, string[]>;

/** Each file (relative to `dir`) with the files of `dir` it imports; packages are left out. */
function importGraph(dir: string, files: string[]): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const absolute = path.join(dir, file);
    const imports = ts.preProcessFile(readFileSync(absolute, "utf8"), true, true).importedFiles;
    const targets = new Set<string>();
    for (const { fileName } of imports) {
      const resolved = ts.resolveModuleName(fileName, absolute, options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = path.relative(dir, resolved.resolvedFileName);
      if (!target.startsWith("..") && !target.endsWith(".d.ts")) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The circles of a graph: its strongly connected components of two files or more (Tarjan). */
function circles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const circle: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      circle.push(member);
    } while (member !== file);
    if (circle.length > 1 || graph.get(file)?.includes(file)) found.push(circle.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** Imports from worker/db into the rest of the Worker (lib/, middleware/, env.ts...), as "importer -> imported". */
const dataLayerBreaches = (graph: Graph) =>
  [...graph].flatMap(([file, targets]) =>
    file.startsWith("worker/db/") ? targets.filter((t) => t.startsWith("worker/") && !t.startsWith("worker/db/")).map((t) => `${file} -> ${t}`) : [],
  );

/** The project's TypeScript sources and tests (tracked, or new and not ignored); fixtures and declarations left out. */
const projectFiles = () =>
  execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.ts", "*.tsx"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((f) => f && !f.endsWith(".d.ts") && !f.startsWith("tests/fixtures/") && existsSync(path.join(root, f)));

describe("import graph", () => {
  it("finds a circle and a data-layer import of worker/lib in the fixture tree", () => {
    const files = ["worker/db/queries/users.ts", "worker/lib/accounts.ts", "worker/lib/clock.ts", "shared/leaf.ts"];
    const graph = importGraph(fixtures, files);
    expect(circles(graph)).toEqual([["worker/db/queries/users.ts", "worker/lib/accounts.ts"]]);
    expect(dataLayerBreaches(graph)).toEqual(["worker/db/queries/users.ts -> worker/lib/accounts.ts"]);
  });

  const graph = importGraph(root, projectFiles());

  it("no file of the project reaches itself through its imports", () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(circles(graph)).toEqual([]);
  });

  it("worker/db imports nothing of the Worker outside itself: not lib/, middleware/ or env.ts", () => {
    expect(graph.get("worker/db/queries/users.ts")?.length).toBeGreaterThan(0);
    expect(dataLayerBreaches(graph)).toEqual([]);
  });
});
