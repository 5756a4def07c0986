/** The home feature has nothing other features need: its pages load lazily through the router. */
export {};
