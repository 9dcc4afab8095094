import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useToast } from "../../components/toast/use-toast.ts";
import { AppError } from "../../lib/app-error.ts";
import { type ContactInput, type ContactMessage, contactSchema, errorValues } from "./contact-schema.ts";
import { sendContactMessage } from "./send-contact-message.ts";

const TYPES = ["technical", "feedback"] as const;

/** Contact: type of message, name and message, sent to the backend's contact endpoint. */
export function ContactPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, ContactMessage>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: "", message: "" },
  });

  const onSubmit = async (message: ContactMessage) => {
    try {
      await sendContactMessage(message);
      toast.show({ severity: "success", summary: t("contact.sentTitle"), detail: t("contact.sent"), life: 6000 });
      reset();
    } catch (error) {
      const reason = error instanceof AppError ? t(error.shortMessage, error.values) : t("errors.unknown");
      toast.show({ severity: "error", summary: t("contact.failedTitle"), detail: t("contact.failed", { reason }) });
    }
  };

  const errorText = (error: FieldError | undefined) =>
    error?.message ? t(error.message, errorValues[error.message] ?? {}) : undefined;
  const described = (field: keyof ContactInput) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {};
  const fieldError = (field: keyof ContactInput) =>
    errors[field] ? (
      <span id={`${id}-${field}-error`} className="field-error">
        {errorText(errors[field])}
      </span>
    ) : null;

  return (
    <div className="page contact">
      <h1>{t("contact.heading")}</h1>
      <p>{t("contact.intro")}</p>
      <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <fieldset aria-describedby={errors.type ? `${id}-type-error` : undefined}>
          <legend>{t("contact.type")}</legend>
          {TYPES.map((type) => (
            <label key={type} className="radio">
              <input type="radio" value={type} aria-invalid={errors.type ? true : undefined} {...register("type")} />
              <span>{t(`contact.types.${type}`)}</span>
            </label>
          ))}
          {fieldError("type")}
        </fieldset>
        <label>
          <span>{t("contact.name")}</span>
          <input autoComplete="name" {...register("name")} {...described("name")} />
          {fieldError("name")}
        </label>
        <label>
          <span>{t("contact.message")}</span>
          <textarea rows={6} {...register("message")} {...described("message")} />
          {fieldError("message")}
        </label>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? t("contact.sending") : t("contact.submit")}
        </button>
      </form>
    </div>
  );
}
