import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Component as ForumPage, FORUM_THREAD_ID } from "@/features/forum/routes/forum";
import { DEFAULT_PUBLIC_SETTINGS, SiteSettingsProvider } from "@/lib/site-settings";

const renderForum = (settings = DEFAULT_PUBLIC_SETTINGS) =>
  render(
    <MemoryRouter>
      <SiteSettingsProvider initial={settings}>
        <ForumPage />
      </SiteSettingsProvider>
    </MemoryRouter>,
  );

describe("/forum", () => {
  it("shows 'Community Forum', the five guidelines and, on a local host, the widget placeholder for the forum thread", () => {
    renderForum();
    expect(screen.getByRole("heading", { level: 1, name: "Community Forum" })).toBeTruthy();
    const guidelines = screen.getByRole("region", { name: "Community Guidelines" });
    expect(within(guidelines).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Be respectful",
      "Stay on topic",
      "No spam",
      "Use appropriate language",
      "Search before posting",
    ]);
    expect(screen.getByTestId("comments-placeholder").textContent).toContain(FORUM_THREAD_ID);
  });

  it("closes the discussion while comments are turned off", () => {
    renderForum({ ...DEFAULT_PUBLIC_SETTINGS, enableComments: false });
    expect(screen.queryByTestId("comments-placeholder")).toBeNull();
    expect(screen.getByText("The forum discussion is closed for now. Please check back later.")).toBeTruthy();
  });
});
