import type { ButtonHTMLAttributes, Ref } from "react";

import { buttonClass, type ButtonSize, type ButtonVariant } from "@shared/button-class";

export { buttonClass };
export type { ButtonSize, ButtonVariant };

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
};

/** A button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
