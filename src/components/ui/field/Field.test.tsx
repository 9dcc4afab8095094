// @vitest-environment jsdom
import { act } from "react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Field } from "./Field.tsx";

const dom = setUpDomRoot();

function NameForm() {
  const { register, handleSubmit, formState } = useForm<{ name: string }>({ defaultValues: { name: "" } });
  return (
    <form noValidate onSubmit={handleSubmit(() => {})}>
      <Field label="Your name" hint="As on your invoice" error={formState.errors.name ? "Enter your name" : undefined}>
        {(control) => <input {...control} {...register("name", { required: true })} />}
      </Field>
      <button type="submit">Send</button>
    </form>
  );
}

describe("Field", () => {
  it("labels its control and describes it by the hint", () => {
    dom.render(<NameForm />);
    const input = dom.container().querySelector("input");
    const label = dom.container().querySelector("label");
    expect(label?.textContent).toBe("Your name");
    expect(label?.htmlFor).toBe(input?.id);
    const describedBy = input?.getAttribute("aria-describedby")?.split(" ") ?? [];
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual(["As on your invoice"]);
    expect(input?.hasAttribute("aria-invalid")).toBe(false);
  });

  it("announces a react-hook-form error through aria-describedby and marks the control invalid", async () => {
    dom.render(<NameForm />);
    await act(async () => dom.container().querySelector("button")?.click());
    const input = dom.container().querySelector("input");
    expect(input?.getAttribute("aria-invalid")).toBe("true");
    const described = (input?.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id));
    expect(described.map((element) => element?.textContent)).toEqual(["As on your invoice", "Enter your name"]);
    expect(described[1]?.getAttribute("role")).toBe("alert");
  });
});
