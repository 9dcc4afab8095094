import { postJson } from "../../lib/api-client.ts";
import { apiUrl } from "../../lib/app-environment.ts";
import type { ContactMessage } from "./contact-schema.ts";

/** POST {apiBaseUrl}/contact with the message; rejects with an ApiUnreachableError or ApiResponseError. */
export async function sendContactMessage(message: ContactMessage, signal?: AbortSignal): Promise<void> {
  await postJson(apiUrl("/contact"), message, signal);
}
