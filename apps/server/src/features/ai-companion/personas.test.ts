import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { StartupError } from "../../errors/startup-error";
import { loadPersonas, parsePersonas } from "./personas";

describe("personas.json", () => {
  const personas = loadPersonas();

  it("holds about a dozen valid personas with unique ids", () => {
    expect(personas.length).toBeGreaterThanOrEqual(12);
    expect(new Set(personas.map((persona) => persona.id)).size).toBe(personas.length);
  });

  it("covers the world's regions", () => {
    const regions = personas.map((persona) => persona.region).join(" | ");
    for (const region of ["South Asia", "Europe", "Latin America", "North America", "East Asia", "Africa"]) {
      expect(regions).toContain(region);
    }
  });

  it("has personas of every gender a preference can ask for", () => {
    for (const gender of ["male", "female", "other"]) {
      expect(personas.filter((persona) => persona.gender === gender).length).toBeGreaterThanOrEqual(2);
    }
  });

  it("describes adults only", () => {
    for (const persona of personas) {
      expect(persona.style).toMatch(/(twenties|thirties|forties|fifties)/);
    }
  });
});

describe("parsePersonas", () => {
  const valid = {
    id: "ana",
    name: "Ana",
    gender: "female",
    region: "Chile",
    style: "a friendly teacher in her thirties",
  };

  it("accepts a valid list", () => {
    expect(parsePersonas([valid])).toEqual([valid]);
  });

  it("names every problem in one StartupError", () => {
    let caught: unknown;
    try {
      parsePersonas([valid, { ...valid, id: "Bad Id", gender: "robot", name: "" }]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StartupError);
    const message = (caught as Error).message;
    expect(message).toContain("1.id: must be 1-32 lower-case letters, digits or dashes");
    expect(message).toContain("1.gender");
    expect(message).toContain("1.name");
  });

  it("refuses duplicate ids (the AI partner id must name one persona)", () => {
    expect(() => parsePersonas([valid, { ...valid, name: "Ana Two" }])).toThrow('1.id: duplicate id "ana"');
  });

  it("refuses an empty list", () => {
    expect(() => parsePersonas([])).toThrow(/must list at least one persona/);
  });

  it("refuses a file that is not JSON", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "heartline-personas-"));
    try {
      const file = path.join(dir, "personas.json");
      writeFileSync(file, "[{");
      expect(() => loadPersonas(pathToFileURL(file))).toThrow(/Cannot read the AI personas/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
