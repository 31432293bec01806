-- Never used: technician invitation links are kept in auth_verification
-- (features/technicians/invitation-tokens.ts).
DROP TABLE "technician_invitations" CASCADE;
