import { describe, expect, it } from "vitest";
import { objectMembers, parseMember, readAnswerBody } from "./raw-json.ts";

const bytes = (text: string) => Buffer.from(text, "utf8");
const text = (members: Record<string, Buffer> | undefined) =>
  members && Object.fromEntries(Object.entries(members).map(([key, value]) => [key, value.toString("utf8")]));

describe("reading an upstream's answer without parsing its values", () => {
  it("finds each member's bytes exactly, whatever the strings, nesting and spacing inside them", () => {
    const result = '{ "a": "quote \\" and \\\\", "b": [ "}", "]", { "c": "{[" } ], "d": -1.5e3 }';
    const members = objectMembers(bytes(` {"jsonrpc":"2.0", "result" : ${result} ,"id":7}\n`));
    expect(text(members)).toEqual({ jsonrpc: '"2.0"', result, id: "7" });
    expect(parseMember(members?.id)).toBe(7);
  });

  it("reads each answer of a batch, in the node's order", () => {
    const answers = readAnswerBody(bytes('[{"id":1,"result":"0x1"}, {"id":0,"error":{"code":3,"message":"x"}}]'));
    expect(Array.isArray(answers) && answers.map(text)).toEqual([
      { id: "1", result: '"0x1"' },
      { id: "0", error: '{"code":3,"message":"x"}' },
    ]);
    expect(readAnswerBody(bytes(" [ ] "))).toEqual([]);
  });

  it("reads nothing from a body that is cut off, unbalanced, followed by more, or not JSON-RPC", () => {
    for (const broken of [
      '{"id":1,"result":{"a":"b"}',
      '{"id":1,"result":["a"}}',
      '{"id":1,"result":"unterminated}',
      '{"id":1,"result":nope}',
      '{"id":1} {"id":2}',
      '[{"id":1},]',
      "<html>502 Bad Gateway</html>",
      '"just a string"',
      "",
    ]) {
      expect(readAnswerBody(bytes(broken)), broken).toBeUndefined();
    }
  });
});
