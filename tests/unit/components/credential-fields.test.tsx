import { render } from "@testing-library/react";
import { EmailField, PasswordField } from "~/components/ui/field";

describe("the e-mail and password fields", () => {
  it("an e-mail field is labelled, typed, filled from the person's address and carries its constraints", () => {
    const { container, getByLabelText } = render(<EmailField constraint={{ required: true, maxLength: 254 }} defaultValue="ada@example.com" />);
    const input = getByLabelText("Email");
    expect(input).toHaveAttribute("id", "email");
    expect(input).toHaveAttribute("name", "email");
    expect(input).toHaveAttribute("type", "email");
    expect(input).toHaveAttribute("autocomplete", "email");
    expect(input).toHaveAttribute("maxlength", "254");
    expect(input).toBeRequired();
    expect(input).toHaveValue("ada@example.com");
    expect(container.querySelector(".field-error")).toBeNull();
  });

  it("an address that is not the person's gets no autocomplete hint", () => {
    const { getByLabelText } = render(<EmailField label="Contact email" idPrefix="store-" autoComplete={null} constraint={{ required: true }} />);
    const input = getByLabelText("Contact email");
    expect(input).toHaveAttribute("id", "store-email");
    expect(input).not.toHaveAttribute("autocomplete");
  });

  it("a password field says which password it is and shows its error beside it", () => {
    const { getByLabelText, getByText } = render(
      <PasswordField
        name="newPassword"
        label="New password"
        autoComplete="new-password"
        constraint={{ required: true, minLength: 6, maxLength: 200 }}
        error="Password must be at least 6 characters"
      />,
    );
    const input = getByLabelText("New password");
    expect(input).toHaveAttribute("type", "password");
    expect(input).toHaveAttribute("autocomplete", "new-password");
    expect(input).toHaveAttribute("minlength", "6");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAttribute("aria-describedby", "newPassword-error");
    expect(getByText("Password must be at least 6 characters")).toHaveAttribute("id", "newPassword-error");
  });
});
