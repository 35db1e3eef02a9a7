export { effectEntries, humanizeKey, textList } from "@shared/json-lists";
