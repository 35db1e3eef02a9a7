export { groupDigits } from "@shared/format-number";
