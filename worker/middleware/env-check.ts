import { createMiddleware } from "hono/factory";
import { checkEnv, type AppEnv } from "../env";
import { ApiError } from "../lib/errors";

/** Refuses to serve the API with a clear message when a required secret or var is missing. */
export const envCheck = createMiddleware<AppEnv>(async (c, next) => {
  const problems = checkEnv(c.env);
  if (problems.length) {
    console.error(JSON.stringify({ level: "error", where: "env", problems }));
    throw new ApiError(500, `Server misconfigured: ${problems.join(" ")}`);
  }
  await next();
});
