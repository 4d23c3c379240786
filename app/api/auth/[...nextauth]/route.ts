import { authGet, authMethodNotAllowed } from "@/lib/auth/route";

export const dynamic = "force-dynamic";
export const GET = authGet;
export const POST = authMethodNotAllowed;
export const PUT = authMethodNotAllowed;
export const PATCH = authMethodNotAllowed;
export const DELETE = authMethodNotAllowed;
