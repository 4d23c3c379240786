import { authGet, authMethodNotAllowed } from "@/lib/auth/route";

export const dynamic = "force-dynamic";
export const GET = authGet;
export const POST = authMethodNotAllowed;
