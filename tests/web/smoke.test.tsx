import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";

it("renders React in the DOM environment", () => {
  render(<p>hello</p>);
  expect(screen.getByText("hello")).toBeTruthy();
});
