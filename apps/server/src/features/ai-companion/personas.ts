import { readFileSync } from "node:fs";
import { GENDERS } from "@heartline/shared";
import { z } from "zod";
import { StartupError } from "../../errors/startup-error";
import type { AiPersona } from "./ai-companion";

/** The personas shipped with the server, next to this file (ARCHITECTURE §9.2). */
export const PERSONAS_FILE = new URL("./personas.json", import.meta.url);

const personaSchema = z.object({
  // The id becomes the AI partner id `ai-<id>` that clients see, so it stays URL- and log-safe.
  id: z.string().regex(/^[a-z0-9-]{1,32}$/, "must be 1-32 lower-case letters, digits or dashes"),
  name: z.string().trim().min(1).max(40),
  gender: z.enum(GENDERS),
  region: z.string().trim().min(1).max(80),
  style: z.string().trim().min(1).max(300),
});

export const personasSchema = z
  .array(personaSchema)
  .min(1, "must list at least one persona")
  .superRefine((personas, context) => {
    const seen = new Set<string>();
    for (const [index, persona] of personas.entries()) {
      if (seen.has(persona.id)) {
        context.addIssue({ code: "custom", path: [index, "id"], message: `duplicate id "${persona.id}"` });
      }
      seen.add(persona.id);
    }
  });

/** Parses a personas list; throws a `StartupError` naming every problem so a bad file stops startup. */
export function parsePersonas(raw: unknown, source = "personas.json"): AiPersona[] {
  const parsed = personasSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`,
  );
  throw new StartupError(`Invalid AI personas in ${source}:\n  - ${problems.join("\n  - ")}`);
}

/** Reads and validates the personas file. */
export function loadPersonas(file: URL = PERSONAS_FILE): AiPersona[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new StartupError(`Cannot read the AI personas from ${file.pathname}`, { cause: error });
  }
  return parsePersonas(raw, file.pathname);
}
