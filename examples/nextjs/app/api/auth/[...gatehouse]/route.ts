import { handlers } from "@gatehouse/nextjs";
import { auth } from "../../../../auth";

export const { GET, POST } = handlers(auth);
