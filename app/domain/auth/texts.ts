import { type Toast } from "~/lib/toast";

/** Login, registration and account texts. */
export const AUTH_TOAST_TEXT = {
  missingInformation: { title: "Missing information", description: "Please enter both email and password", type: "error" },
  loginSuccess: { title: "Welcome back!", description: "You are now signed in.", type: "success" },
  registered: { title: "Account Created", description: "Welcome! You are now signed in.", type: "success" },
  adminLoginSuccess: { title: "Admin login successful", type: "success" },
  adminDenied: { title: "Access denied", description: "Admin privileges required", type: "error" },
  profileUpdated: { title: "Profile updated", type: "success" },
  loggedOut: { title: "Logged out successfully", description: "See you next time!", type: "success" },
} as const satisfies Record<string, Toast>;

/** 'Access denied: Admin privileges required', shown on /admin-login to a signed-in customer. */
export const ADMIN_DENIED_TEXT = "Access denied: Admin privileges required";

export function loginFailed(message?: string): Toast {
  return { title: "Login failed", description: message || "Invalid credentials", type: "error" };
}

export function registrationFailed(message?: string): Toast {
  return { title: "Registration failed", description: message || "Failed to create account", type: "error" };
}

export function updateFailed(message?: string): Toast {
  return { title: "Update failed", description: message || "Failed to update profile. Please try again.", type: "error" };
}
