/**
 * The error line of a kit form: announced when it appears (role="alert") and named by its input's
 * aria-describedby through `id`. Renders nothing without a message.
 */
export function FormError({ id, message }: { readonly id: string; readonly message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mk-status" role="alert">
      {message}
    </p>
  );
}
