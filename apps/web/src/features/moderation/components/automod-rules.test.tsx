import { AUTOMOD_MESSAGES, type AutomodRule, type CreateAutomodRuleInput } from "@heartline/shared";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AutomodRuleForm, AutomodRuleList } from "./automod-rules";

const RULES: AutomodRule[] = [
  {
    id: "builtin-slurs",
    name: "Slurs (built-in)",
    phrase: null,
    surfaces: ["group", "random", "dm", "confession", "username"],
    action: "block",
    isBuiltin: true,
    createdAt: 0,
  },
  {
    id: "0b5d6c1e-6f1a-4c3e-9d2b-1f2e3a4b5c6d",
    name: "Crypto scams",
    phrase: "free bitcoin",
    surfaces: ["group"],
    action: "flag",
    isBuiltin: false,
    createdAt: 1,
  },
];

describe("AutoMod admin rules (issue #15)", () => {
  it("lists each rule with its phrase, action and surfaces; only custom rules can be removed", async () => {
    const removed: string[] = [];
    render(
      <AutomodRuleList rules={RULES} error={null} busyId={null} onRemove={(rule) => removed.push(rule.id)} />,
    );
    const items = within(screen.getByRole("list", { name: "AutoMod rules" })).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Slurs (built-in)Built-in list · Block and tell the sender");
    expect(within(items[0] as HTMLElement).queryByRole("button")).toBeNull();
    expect(items[1]).toHaveTextContent("“free bitcoin” · Allow and flag for review");
    expect(items[1]).toHaveTextContent("Group room");
    await userEvent.click(screen.getByRole("button", { name: "Remove the rule Crypto scams" }));
    expect(removed).toEqual([RULES[1]?.id]);
  });

  it("refuses a phrase with pattern characters and submits a valid rule", async () => {
    const submitted: CreateAutomodRuleInput[] = [];
    render(<AutomodRuleForm onSubmit={async (input) => void submitted.push(input)} />);
    await userEvent.type(screen.getByLabelText("Rule name"), "No spoilers");
    await userEvent.type(screen.getByLabelText("Word or phrase"), "a.*b");
    await userEvent.click(screen.getByRole("button", { name: "Add rule" }));
    expect(screen.getByRole("alert")).toHaveTextContent(AUTOMOD_MESSAGES.phraseInvalid);
    expect(submitted).toEqual([]);

    await userEvent.clear(screen.getByLabelText("Word or phrase"));
    await userEvent.type(screen.getByLabelText("Word or phrase"), "snape kills");
    await userEvent.click(screen.getByRole("checkbox", { name: "Direct messages" }));
    await userEvent.selectOptions(screen.getByLabelText("Action"), "mask");
    await userEvent.click(screen.getByRole("button", { name: "Add rule" }));
    expect(submitted).toEqual([
      { name: "No spoilers", phrase: "snape kills", surfaces: ["group", "confession", "dm"], action: "mask" },
    ]);
  });
});
