import { describe, expect, it } from "vitest";
import { routeModuleLoaders } from "./router";

describe("routeModuleLoaders (issue #36: a prerendered page asks for its route's chunks early)", () => {
  it("loads /chat's page module, the one the router renders there", async () => {
    const loaders = routeModuleLoaders("/chat");
    expect(loaders).toHaveLength(1);
    const loaded = (await loaders[0]?.()) as { Component?: { name: string } };
    expect(loaded.Component?.name).toBe("ChatPage");
  });

  it("loads the not-found page's module for an address no route names", async () => {
    const loaders = routeModuleLoaders("/no-such-page");
    const loaded = (await Promise.all(loaders.map((load) => load()))) as { Component?: { name: string } }[];
    expect(loaded.map((module) => module.Component?.name)).toEqual(["NotFoundPage"]);
  });
});
