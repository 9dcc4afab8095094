import type { FastifyError, FastifyInstance } from "fastify";
import { jsonRpcErrorResponse, RPC_ERRORS } from "../rpc/json-rpc.ts";
import { ApiError, type ErrorBody } from "./api-error.ts";
import { isDatabaseUnavailable } from "./database-unavailable.ts";

/** Seconds a client is told to wait when the database is unreachable (restarting, failing over). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own client errors, renamed to the API's codes. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "body_too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_ERR_CTP_EMPTY_JSON_BODY: "empty_body",
  FST_ERR_CTP_INVALID_JSON_BODY: "invalid_json",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "invalid_content_length",
};

/** The API's error body for anything thrown while handling a request. Never lets a request's fault become a 500. */
export function toErrorResponse(error: FastifyError | ApiError | Error): {
  status: number;
  body: ErrorBody;
  retryAfter?: number;
} {
  if (error instanceof ApiError) {
    return {
      status: error.statusCode,
      body: error.body,
      ...(error.retryAfter ? { retryAfter: error.retryAfter } : {}),
    };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const first = fastifyError.validation[0];
    const field =
      (first?.params as { missingProperty?: string } | undefined)?.missingProperty ??
      first?.instancePath.replace(/^\//, "").replaceAll("/", ".");
    return {
      status: 400,
      body: {
        code: fastifyError.validationContext === "querystring" ? "invalid_query" : "invalid_request",
        message: `${fastifyError.validationContext ?? "request"} ${field ? `field "${field}" ` : ""}${first?.message ?? "is invalid"}`,
        ...(field ? { field } : {}),
      },
    };
  }
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const code = FASTIFY_CODES[fastifyError.code] ?? (error instanceof SyntaxError ? "invalid_json" : "bad_request");
    const message = code === "invalid_json" ? `The body is not valid JSON: ${error.message}` : error.message;
    return { status, body: { code, message } };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: {
        code: "database_unavailable",
        message: `The database is unreachable for a moment; the request was not processed. Retry after ${DATABASE_RETRY_AFTER_SECONDS} s.`,
      },
      retryAfter: DATABASE_RETRY_AFTER_SECONDS,
    };
  }
  return {
    status: 500,
    body: {
      code: "internal_error",
      message: "Something went wrong on our side; the request was not processed. Try again later.",
    },
  };
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, retryAfter } = toErrorResponse(error as FastifyError);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    if (retryAfter) void reply.header("retry-after", String(retryAfter));
    if (request.routeOptions.config.jsonRpc) {
      const rpcError =
        status === 413
          ? RPC_ERRORS.limitExceeded("The request body is too large")
          : status === 429
            ? RPC_ERRORS.limitExceeded(body.message)
            : status >= 500
              ? RPC_ERRORS.internal(body.message)
              : body.code === "invalid_json" || body.code === "empty_body"
                ? RPC_ERRORS.parse(body.message)
                : RPC_ERRORS.invalidRequest(body.message);
      return reply.status(status).send(jsonRpcErrorResponse(null, rpcError));
    }
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ code: "not_found", message: `There is no ${request.method} ${request.url.split("?")[0]}` }),
  );
}
