package org.panta.runner.coverage;

import org.jacoco.core.runtime.IExecutionDataAccessorGenerator;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Makes instrumented classes fetch their probe array with
 * {@code ProbeRegistry.probes(classId, className, probeCount)}: no agent, no system properties.
 */
final class ProbeAccessGenerator implements IExecutionDataAccessorGenerator {
  @Override
  public int generateDataAccessor(long classId, String className, int probeCount, MethodVisitor mv) {
    mv.visitLdcInsn(classId);
    mv.visitLdcInsn(className);
    mv.visitLdcInsn(probeCount);
    mv.visitMethodInsn(
        Opcodes.INVOKESTATIC,
        "org/panta/runner/sandbox/ProbeRegistry",
        "probes",
        "(JLjava/lang/String;I)[Z",
        false);
    return 4; // long (2 slots) + String + int
  }
}
