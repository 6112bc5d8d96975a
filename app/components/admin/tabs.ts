export const ACCESS_DENIED = "Access Denied - You need admin privileges to access this page.";
