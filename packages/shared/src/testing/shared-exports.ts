import * as shared from "../index";
import { type AnySchema, isSchema } from "./zod-walk";

/** The clock the exported schema factories (`makeAccountSchemas`, `makeDateOfBirthSchema`) are built on. */
export const FIXED_NOW = (): Date => new Date(2025, 5, 15);

const FACTORY_NAME = /^make\w*Schemas?$/;

/**
 * Every zod schema @heartline/shared exports, by export name, plus what its schema factories build on a
 * fixed clock (`makeAccountSchemas().guestSchema`…).
 */
function buildExportedSchemas(): [string, AnySchema][] {
  const schemas: [string, AnySchema][] = [];
  for (const [name, value] of Object.entries(shared)) {
    if (isSchema(value)) {
      schemas.push([name, value]);
    } else if (typeof value === "function" && FACTORY_NAME.test(name)) {
      const built: unknown = (value as (now: () => Date) => unknown)(FIXED_NOW);
      if (isSchema(built)) {
        schemas.push([`${name}()`, built]);
      } else if (typeof built === "object" && built !== null) {
        for (const [key, inner] of Object.entries(built)) {
          if (isSchema(inner)) schemas.push([`${name}().${key}`, inner]);
        }
      }
    }
  }
  return schemas;
}

const EXPORTED_SCHEMAS: readonly [string, AnySchema][] = buildExportedSchemas();

/** The factories are called once, so the same schema instances come back on every call. */
export function exportedSchemas(): readonly [string, AnySchema][] {
  return EXPORTED_SCHEMAS;
}

/** One of `exportedSchemas()` by name (`"makeAccountSchemas().guestSchema"`); throws if there is none. */
export function exportedSchema(name: string): AnySchema {
  const found = EXPORTED_SCHEMAS.find(([exportName]) => exportName === name);
  if (found === undefined) throw new Error(`no exported schema ${name}`);
  return found[1];
}

/** Every RegExp @heartline/shared exports as a value, by export name. */
export function exportedRegExps(): [string, RegExp][] {
  return Object.entries(shared).filter((entry): entry is [string, RegExp] => entry[1] instanceof RegExp);
}
