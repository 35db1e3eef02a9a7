import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AvatarPicker } from "@/features/profile/components/avatar-picker";
import { AVATARS, avatarTabs, FALLBACK_AVATAR_PATH } from "@/lib/avatars";

/** The generated files (scripts/generate-avatars.ts), as Vite sees them. */
const FILES = Object.keys(import.meta.glob("../../web/public/images/icons/avatars/*.webp")).map((f) => f.split("/").pop());

describe("avatar catalogue", () => {
  it("holds 35 avatars: Human 12, Elf 3, Orc 3, Demon 5, Giant 4, Undead 2, Creature 6, each a webp file in public/", () => {
    expect(AVATARS).toHaveLength(35);
    const counts = Object.fromEntries(avatarTabs().map((t) => [t.category, t.count]));
    expect(counts).toEqual({ Creature: 6, Demon: 5, Elf: 3, Giant: 4, Human: 12, Orc: 3, Undead: 2 });
    expect(new Set(AVATARS.map((a) => a.id)).size).toBe(35);
    expect(FILES).toHaveLength(35);
    for (const avatar of AVATARS) {
      expect(avatar.path).toBe(`/images/icons/avatars/${avatar.filename}`);
      expect(FILES, avatar.path).toContain(avatar.filename);
    }
    expect(FALLBACK_AVATAR_PATH).toBe("/images/icons/avatars/human-01.webp");
  });
});

describe("avatar picker", () => {
  it("shows the categories alphabetically with counts and opens on the current avatar's category", () => {
    render(<AvatarPicker value="/images/icons/avatars/orc-02.webp" onChange={() => {}} />);
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Creature (6)", "Demon (5)", "Elf (3)", "Giant (4)", "Human (12)", "Orc (3)", "Undead (2)",
    ]);
    expect(screen.getByRole("tab", { name: "Orc (3)" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("button", { name: "Orc Shaman (Orc)" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("tabpanel").className).toContain("grid-cols-3");
    expect(screen.getByRole("tabpanel").className).toContain("xl:grid-cols-8");
  });

  it("moves between tabs with the arrow keys and picks an avatar with the keyboard", async () => {
    const onChange = vi.fn();
    render(<AvatarPicker value="" onChange={onChange} />);
    const first = screen.getByRole("tab", { name: "Creature (6)" });
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowRight" });
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Demon (5)" }));
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(screen.getByRole("tab", { name: "Undead (2)" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getAllByRole("button")).toHaveLength(2);
    screen.getByRole("button", { name: "Lich (Undead)" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(onChange).toHaveBeenCalledWith("/images/icons/avatars/undead-02.webp");
  });

  it("replaces a broken avatar image with the first Human avatar", () => {
    render(<AvatarPicker value="" onChange={() => {}} />);
    const img = screen.getByRole("button", { name: "Wolf (Creature)" }).querySelector("img")!;
    fireEvent.error(img);
    expect(img.getAttribute("src")).toBe(FALLBACK_AVATAR_PATH);
  });
});
