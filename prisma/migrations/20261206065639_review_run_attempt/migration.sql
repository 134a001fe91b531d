-- AlterTable
ALTER TABLE "Review" ADD COLUMN     "attempt" INTEGER NOT NULL DEFAULT 0;
