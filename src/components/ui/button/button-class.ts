import "./button.css";

/** How a button looks: the one main action, a second choice, a quiet action, or a destructive one. */
export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

/** The class names that make a <button> or a link look like a Button of `variant` (links to an action use it). */
export function buttonClass(variant: ButtonVariant = "primary", extra?: string): string {
  return ["ui-button", `ui-button--${variant}`, extra].filter(Boolean).join(" ");
}
