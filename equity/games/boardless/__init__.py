"""boardless."""
