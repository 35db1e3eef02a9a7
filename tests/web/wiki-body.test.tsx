import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { BodyText } from "@/components/guide-body";

const HTML =
  '<h2 id="tactics">Tactics</h2>\n<p>Use <a href="/units/3" class="wiki-link">Pikeguard</a> or read <a href="https://example.org" rel="nofollow ugc noopener">more</a>.</p>\n';

function renderBody(props: Parameters<typeof BodyText>[0]) {
  const router = createMemoryRouter(
    [
      { path: "/", element: <BodyText {...props} /> },
      { path: "/units/:id", element: <p>Unit page</p> },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("a rendered body", () => {
  it("shows the Worker's HTML with a table of contents that links each heading", () => {
    renderBody({
      content: "## Tactics",
      contentHtml: HTML,
      toc: [
        { id: "tactics", text: "Tactics", level: 2 },
        { id: "a", text: "A", level: 3 },
        { id: "b", text: "B", level: 4 },
      ],
      testId: "body",
    });
    expect(screen.getByRole("heading", { level: 2, name: "Tactics" }).id).toBe("tactics");
    const contents = screen.getByRole("navigation", { name: "Contents" });
    expect(contents.querySelector('a[href="#b"]')?.textContent).toBe("B");
  });

  it("a click on a link to a site page navigates in the app; an external link is left to the browser", () => {
    const router = renderBody({ content: "", contentHtml: HTML, toc: [], testId: "body" });
    const external = screen.getByRole("link", { name: "more" });
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    external.dispatchEvent(click);
    expect(router.state.location.pathname).toBe("/");
    fireEvent.click(screen.getByRole("link", { name: "Pikeguard" }));
    expect(router.state.location.pathname).toBe("/units/3");
  });

  it("without a rendered body, shows the stored text with its line breaks, never as HTML", () => {
    renderBody({ content: "<b>raw</b>\nnext", testId: "body" });
    expect(screen.getByTestId("body").textContent).toBe("<b>raw</b>\nnext");
    expect(screen.getByTestId("body").querySelector("b")).toBeNull();
  });
});
