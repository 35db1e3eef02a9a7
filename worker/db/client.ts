import { drizzle } from "drizzle-orm/d1";
import type { Database } from "../env";
import * as schema from "./schema";

/** The drizzle handle over the D1 binding: routes get it as `c.get("db")`, jobs open their own. */
export const openDatabase = (d1: D1Database): Database => drizzle(d1, { schema });
