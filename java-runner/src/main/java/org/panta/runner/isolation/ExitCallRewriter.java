package org.panta.runner.isolation;

import java.nio.charset.StandardCharsets;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites System.exit(int), Runtime.exit(int) and Runtime.halt(int) call sites, and method
 * references to them, into calls of {@code org.panta.runner.sandbox.ExitTrap}. The replacement
 * has the same stack effect, so no frames need recomputing. Reflective calls are not covered.
 */
final class ExitCallRewriter {
  private static final String TRAP = "org/panta/runner/sandbox/ExitTrap";
  private static final byte[] EXIT = "exit".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] HALT = "halt".getBytes(StandardCharsets.US_ASCII);

  private ExitCallRewriter() {}

  /** Returns the rewritten class, or {@code classFile} itself when it cannot contain such calls. */
  static byte[] rewrite(byte[] classFile) {
    if (!contains(classFile, EXIT) && !contains(classFile, HALT)) {
      return classFile;
    }
    ClassReader reader = new ClassReader(classFile);
    ClassWriter writer = new ClassWriter(reader, 0);
    reader.accept(
        new ClassVisitor(Opcodes.ASM9, writer) {
          @Override
          public MethodVisitor visitMethod(
              int access, String name, String desc, String signature, String[] exceptions) {
            return new CallSiteVisitor(super.visitMethod(access, name, desc, signature, exceptions));
          }
        },
        0);
    return writer.toByteArray();
  }

  /** Replacement static method name for the given call, or null if it is not an exit call. */
  private static String trapFor(String owner, String name, String desc) {
    if (!"(I)V".equals(desc)) {
      return null;
    }
    if ("java/lang/System".equals(owner) && "exit".equals(name)) {
      return "systemExit";
    }
    if ("java/lang/Runtime".equals(owner) && "exit".equals(name)) {
      return "runtimeExit";
    }
    if ("java/lang/Runtime".equals(owner) && "halt".equals(name)) {
      return "runtimeHalt";
    }
    return null;
  }

  private static String trapDesc(String owner) {
    return "java/lang/System".equals(owner) ? "(I)V" : "(Ljava/lang/Runtime;I)V";
  }

  private static final class CallSiteVisitor extends MethodVisitor {
    CallSiteVisitor(MethodVisitor next) {
      super(Opcodes.ASM9, next);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
      String trap = trapFor(owner, name, desc);
      if (trap == null) {
        super.visitMethodInsn(opcode, owner, name, desc, itf);
      } else {
        super.visitMethodInsn(Opcodes.INVOKESTATIC, TRAP, trap, trapDesc(owner), false);
      }
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... bsmArgs) {
      Object[] args = bsmArgs.clone();
      for (int i = 0; i < args.length; i++) {
        if (args[i] instanceof Handle) {
          Handle h = (Handle) args[i];
          String trap = trapFor(h.getOwner(), h.getName(), h.getDesc());
          if (trap != null) {
            args[i] = new Handle(Opcodes.H_INVOKESTATIC, TRAP, trap, trapDesc(h.getOwner()), false);
          }
        }
      }
      super.visitInvokeDynamicInsn(name, desc, bsm, args);
    }
  }

  private static boolean contains(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }
}
