import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { avatarInitial, FALLBACK_AVATAR, UserAvatar } from "@/components/user-avatar";

describe("avatar", () => {
  it("the initial is the first letter of firstName, then of email, then 'U'", () => {
    expect(avatarInitial({ firstName: "aria", email: "zed@example.com" })).toBe("A");
    expect(avatarInitial({ firstName: "", email: "zed@example.com" })).toBe("Z");
    expect(avatarInitial({ firstName: "  ", email: "" })).toBe("U");
    expect(avatarInitial(null)).toBe("U");
  });

  it("without a picture shows the initial", () => {
    render(<UserAvatar user={{ firstName: "Brom", email: "b@example.com", profilePictureUrl: null }} alt="Brom" />);
    expect(screen.getByRole("img", { name: "Brom" }).textContent).toBe("B");
  });

  it("a broken picture falls back to the first Human avatar, then to the initial", () => {
    render(<UserAvatar user={{ firstName: "Cara", email: "c@example.com", profilePictureUrl: "/files/avatars/missing.webp" }} alt="Cara" />);
    const img = screen.getByRole("img", { name: "Cara" });
    expect(img.getAttribute("src")).toBe("/files/avatars/missing.webp");
    fireEvent.error(img);
    expect(screen.getByRole("img", { name: "Cara" }).getAttribute("src")).toBe(FALLBACK_AVATAR);
    expect(FALLBACK_AVATAR).toBe("/images/icons/avatars/human-01.webp");
    fireEvent.error(screen.getByRole("img", { name: "Cara" }));
    expect(screen.getByRole("img", { name: "Cara" }).textContent).toBe("C");
  });
});
